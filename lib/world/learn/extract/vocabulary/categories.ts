/**
 * Things that stand in for one another: a new one of a category replaces the user's old one
 * ("switched to Neovim" ends "uses VS Code"; "it's green tea for me now" ends the coffee). Lower
 * case; a word may be several words.
 */
/** What someone is as one who takes to a thing: "a tea person", "an Android guy", "a Mac user", "a coffee snob". */
export const PERSON_OF_A_THING = ['person', 'people', 'guy', 'girl', 'gal', 'woman', 'man', 'lady', 'lad', 'fan', 'user', 'drinker', 'convert', 'snob'];

const CATEGORIES: Record<string, readonly string[]> = {
  editor: [
    'vs code',
    'vscode',
    'visual studio code',
    'visual studio',
    'vim',
    'neovim',
    'nvim',
    'emacs',
    'zed',
    'sublime',
    'sublime text',
    'intellij',
    'pycharm',
    'webstorm',
    'atom',
    'cursor',
    'helix',
    'nano',
    'xcode',
    'android studio',
    'notepad++',
  ],
  os: ['windows', 'macos', 'mac os', 'linux', 'ubuntu', 'fedora', 'arch', 'debian', 'mint', 'popos', 'pop!_os', 'chromeos', 'manjaro', 'nixos'],
  phone: ['iphone', 'android', 'pixel', 'samsung', 'galaxy', 'oneplus', 'xiaomi', 'nokia', 'huawei', 'motorola', 'fairphone'],
  browser: ['chrome', 'firefox', 'safari', 'edge', 'brave', 'arc', 'opera', 'vivaldi'],
  notes: ['notion', 'confluence', 'coda', 'google docs', 'obsidian', 'evernote', 'onenote', 'bear', 'logseq', 'roam', 'apple notes', 'google keep', 'joplin'],
  tasks: ['trello', 'asana', 'linear', 'jira', 'todoist', 'clickup', 'basecamp', 'things', 'ticktick', 'github issues'],
  spreadsheet: ['excel', 'microsoft excel', 'google sheets', 'google sheet', 'libreoffice calc', 'airtable', 'smartsheet'],
  bi: ['tableau', 'power bi', 'powerbi', 'looker', 'looker studio', 'metabase', 'superset', 'qlik', 'qlik sense', 'redash', 'sisense'],
  cad: ['autocad', 'auto cad', 'revit', 'archicad', 'sketchup', 'solidworks', 'fusion 360', 'microstation', 'civil 3d'],
  design: ['photoshop', 'lightroom', 'gimp', 'affinity photo', 'capture one', 'figma', 'sketch', 'illustrator', 'canva', 'inkscape', 'procreate', 'darktable'],
  dataframe: ['pandas', 'polars', 'dask', 'vaex', 'modin', 'dplyr', 'data.table', 'duckdb'],
  notebook: ['jupyter', 'jupyterlab', 'jupyter notebook', 'jupyter notebooks', 'colab', 'google colab', 'marimo'],
  ml: ['pytorch', 'tensorflow', 'keras', 'jax', 'scikit-learn', 'sklearn', 'xgboost', 'lightgbm', 'hugging face'],
  chat: ['slack', 'teams', 'microsoft teams', 'discord', 'mattermost', 'zulip', 'whatsapp', 'signal', 'telegram'],
  language: [
    'python',
    'go',
    'golang',
    'rust',
    'java',
    'kotlin',
    'scala',
    'typescript',
    'javascript',
    'ruby',
    'php',
    'c#',
    'c++',
    'swift',
    'elixir',
    'haskell',
    'clojure',
    'dart',
    'perl',
    'zig',
    'sql',
    'matlab',
    'julia',
    'lua',
  ],
  framework: [
    'react',
    'vue',
    'svelte',
    'angular',
    'solid',
    'next.js',
    'nextjs',
    'nuxt',
    'django',
    'flask',
    'fastapi',
    'rails',
    'laravel',
    'spring',
    'express',
    'remix',
    'astro',
    'ember',
  ],
  database: [
    'mysql',
    'postgres',
    'postgresql',
    'sqlite',
    'mongodb',
    'mongo',
    'redis',
    'dynamodb',
    'cassandra',
    'mariadb',
    'oracle',
    'sql server',
    'cockroachdb',
    'supabase',
    'firebase',
  ],
  ci: ['jenkins', 'github actions', 'gitlab ci', 'circleci', 'travis', 'travis ci', 'buildkite', 'teamcity', 'drone', 'bamboo'],
  cloud: ['aws', 'gcp', 'google cloud', 'azure', 'heroku', 'vercel', 'netlify', 'digitalocean', 'fly.io', 'cloudflare', 'hetzner', 'linode'],
  warehouse: ['snowflake', 'bigquery', 'redshift', 'databricks', 'clickhouse', 'synapse'],
  infra: ['terraform', 'pulumi', 'ansible', 'cloudformation', 'opentofu', 'puppet', 'chef', 'helm'],
  monitoring: ['datadog', 'grafana', 'prometheus', 'sentry', 'new relic', 'splunk', 'honeycomb', 'pagerduty'],
  accounting: ['quickbooks', 'xero', 'freeagent', 'freshbooks', 'zoho books', 'myob'],
  pipeline: ['dbt', 'fivetran', 'airbyte', 'spark', 'flink', 'kafka', 'beam', 'stitch'],
  orchestration: ['airflow', 'dagster', 'prefect', 'luigi', 'kubernetes', 'k8s', 'nomad', 'docker swarm', 'ecs'],
  console: ['ps5', 'ps4', 'playstation', 'xbox', 'switch', 'nintendo switch', 'steam deck', 'pc'],
  drink: [
    'coffee',
    'tea',
    'green tea',
    'black tea',
    'herbal tea',
    'matcha',
    'espresso',
    'latte',
    'flat white',
    'cappuccino',
    'americano',
    'long black',
    'short black',
    'piccolo',
    'cortado',
    'macchiato',
    'double-double',
    'decaf',
    'oat milk',
    'wine',
    'red wine',
    'white wine',
    'beer',
    'lager',
    'cider',
    'whisky',
    'whiskey',
    'gin',
    'vodka',
    'diet coke',
    'coke',
    'pepsi',
    'soda',
    'sparkling water',
    'water',
    'juice',
    'kombucha',
    'rooibos',
    'chai',
    'yerba mate',
    'cold brew',
    'hot chocolate',
    'energy drinks',
    'energy drink',
    'red bull',
    'mate tea',
    'maté',
    'tereré',
    'terere',
    'chimarrão',
    'cafezinho',
    'cortado',
    'macchiato',
    'mocha',
    'filter coffee',
    'iced coffee',
    'cold coffee',
    'iced tea',
    'bubble tea',
    'kopi',
    'teh tarik',
    'masala chai',
    'oolong',
    'earl grey',
    'sencha',
    'hojicha',
    'horchata',
    'lassi',
    'ayran',
    'kefir',
    'kvass',
    'soju',
    'mezcal',
    'tequila',
    'rum',
    'pisco',
    'prosecco',
    'champagne',
    'lemonade',
    'smoothie',
    'protein shake',
    'buttermilk',
    'chaas',
    'lemon lime and bitters',
    'irn bru',
    'brandy',
    'cognac',
    'negroni',
    'aperol spritz',
    'spritz',
    'mocktails',
  ],
  transport: [
    'bike',
    'e-bike',
    'truck',
    'van',
    'lorry',
    'ebike',
    'e-scooter',
    'scooter',
    'car',
    'bus',
    'train',
    'tube',
    'metro',
    'motorbike',
    'motorcycle',
    'tram',
  ],
  car: [
    'ford',
    'toyota',
    'skoda',
    'volkswagen',
    'vw',
    'tesla',
    'nissan',
    'honda',
    'bmw',
    'audi',
    'mercedes',
    'kia',
    'hyundai',
    'renault',
    'peugeot',
    'fiat',
    'mazda',
    'subaru',
    'vauxhall',
    'opel',
    'citroen',
    'citroën',
    'dacia',
    'suzuki',
    'mitsubishi',
    'jeep',
    'chevrolet',
    'chevy',
    'lexus',
    'prius',
    'yaris',
    'corolla',
  ],
  truck: ['scania', 'daf', 'man tgx', 'iveco', 'volvo fh', 'actros', 'kenworth', 'peterbilt', 'freightliner', 'mack truck'],
  laptop: [
    'thinkpad',
    'macbook',
    'macbook pro',
    'macbook air',
    'dell xps',
    'xps',
    'chromebook',
    'surface pro',
    'surface laptop',
    'zenbook',
    'framework laptop',
  ],
  ereader: ['kindle', 'kobo', 'nook', 'remarkable', 'boox'],
  bicycle: ['brompton', 'trek', 'cannondale', 'cervelo', 'bianchi', 'pinarello', 'vanmoof', 'cowboy e-bike'],
  coffee_brand: [
    'lavazza',
    'illy',
    'nespresso',
    'starbucks',
    'dunkin',
    "dunkin'",
    'costa',
    "peet's",
    'tim hortons',
    'segafredo',
    'kimbo',
    'douwe egberts',
    'nescafe',
    'nescafé',
    'folgers',
    'blue bottle',
    'pret',
  ],
  sportswear: ['nike', 'adidas', 'puma', 'asics', 'new balance', 'brooks', 'hoka', 'saucony', 'under armour', 'reebok', 'salomon', 'on running'],
  gym: ['crossfit', 'gym', 'pilates', 'yoga', 'spin', 'anytime fitness', 'puregym', 'orangetheory', 'f45', 'peloton'],
};

/** Whisky by its kinds, under either spelling. */
const WHISKY = [
  'whisky',
  'whiskey',
  'scotch',
  'single malt',
  'malt',
  'bourbon',
  'rye whiskey',
  'irish whiskey',
  'dram',
  'talisker',
  'laphroaig',
  'lagavulin',
  'ardbeg',
  'glenfiddich',
  'glenlivet',
  'glenmorangie',
  'glenfarclas',
  'macallan',
  'highland park',
  'oban',
  'jameson',
  'bushmills',
  'redbreast',
  'jack daniels',
  "jack daniel's",
  'makers mark',
  "maker's mark",
  'buffalo trace',
  'johnnie walker',
  'famous grouse',
];

/**
 * Words that name a whole family of things, each with its members: giving up coffee ends the
 * cafezinho, the flat white and the espressos. Lower case, singular; matched by stem.
 */
const FAMILIES: Record<string, readonly string[]> = {
  coffee: [
    'espresso',
    'latte',
    'flat white',
    'long black',
    'short black',
    'piccolo',
    'double-double',
    'cappuccino',
    'americano',
    'cortado',
    'macchiato',
    'mocha',
    'cafezinho',
    'filter coffee',
    'iced coffee',
    'cold coffee',
    'cold brew',
    'kopi',
    'ca phe',
    'cà phê',
    'decaf',
    'ristretto',
    'lungo',
    'frappuccino',
    'nespresso',
    'café con leche',
    'cafe con leche',
    'pour-over',
    'pour over',
    'pourover',
  ],
  tea: [
    'green tea',
    'black tea',
    'herbal tea',
    'matcha',
    'sencha',
    'hojicha',
    'oolong',
    'earl grey',
    'chai',
    'masala chai',
    'bubble tea',
    'iced tea',
    'teh tarik',
    'builder tea',
    'english breakfast',
    'darjeeling',
    'assam',
    'milk tea',
  ],
  beer: [
    'lager',
    'ipa',
    'stout',
    'ale',
    'pale ale',
    'pilsner',
    'pils',
    'porter',
    'craft beer',
    'weissbier',
    'guinness',
    'bitter',
    'saison',
    'sour',
    'na beer',
    'alcohol-free beer',
    'non-alcoholic beer',
  ],
  wine: [
    'red wine',
    'white wine',
    'rosé',
    'rose wine',
    'merlot',
    'malbec',
    'pinot',
    'pinot noir',
    'pinot grigio',
    'cabernet',
    'shiraz',
    'rioja',
    'chardonnay',
    'sauvignon',
    'prosecco',
    'champagne',
    'cava',
    'riesling',
  ],
  whisky: WHISKY,
  whiskey: WHISKY,
  meat: ['steak', 'beef', 'pork', 'chicken', 'lamb', 'bacon', 'burger', 'sausage', 'ham'],
  sugar: ['sweets', 'candy', 'chocolate', 'soda', 'fizzy drinks'],
};

/**
 * Each category's words with the members of the families its words head ("guinness" and "malbec"
 * are drinks, as beer and wine are), but for members that are ordinary words too ("bitter", "sour",
 * "porter", "ale").
 */
const AMBIGUOUS_MEMBERS = new Set(['bitter', 'sour', 'porter', 'ale', 'pinot', 'cava', 'mocha', 'chai', 'malt', 'scotch']);
const CATEGORY_WORDS: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(CATEGORIES).map(([category, words]) => [
    category,
    [...new Set([...words, ...words.flatMap((w) => (FAMILIES[w] ?? []).filter((m) => !AMBIGUOUS_MEMBERS.has(m)))])],
  ]),
);

const WORD_CATEGORY = new Map<string, string>();
for (const [category, words] of Object.entries(CATEGORY_WORDS)) for (const w of words) WORD_CATEGORY.set(w, category);

const LONGEST = Math.max(...[...WORD_CATEGORY.keys()].map((w) => w.split(' ').length));

/** The category of a thing as named ("a Pixel 8" → phone), by its longest known words. */
export function categoryOf(thing: string): string | undefined {
  const words = thing
    .toLowerCase()
    .split(/[^\p{L}\d+#.!_-]+/u)
    .filter(Boolean);
  for (let n = Math.min(LONGEST, words.length); n > 0; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const phrase = words.slice(i, i + n).join(' ');
      // "flat whites", "oat lattes": a thing named in the plural is the thing.
      const found = WORD_CATEGORY.get(phrase) ?? (/[^s]s$/.test(phrase) && phrase.length > 4 ? WORD_CATEGORY.get(phrase.slice(0, -1)) : undefined);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every known thing `text` names, each by its longest words and as written, with its category ("Terraform and Azure" → terraform, azure). */
export function thingsNamed(text: string): { thing: string; category: string }[] {
  const words = [...text.matchAll(/[\p{L}\d][\p{L}\d+#.!_-]*/gu)].map((m) => m[0].replace(/[.!]+$/, ''));
  const found: { thing: string; category: string }[] = [];
  for (let i = 0; i < words.length; ) {
    let n = Math.min(LONGEST, words.length - i);
    for (; n > 0; n--) {
      const category = WORD_CATEGORY.get(
        words
          .slice(i, i + n)
          .join(' ')
          .toLowerCase(),
      );
      if (category) {
        found.push({ thing: words.slice(i, i + n).join(' '), category });
        break;
      }
    }
    i += Math.max(n, 1);
  }
  return found;
}

/** The words of `category` a statement names, longest first ("The user uses VS Code daily" → ["vs code"]). */
export function namedOf(statement: string, category: string): string[] {
  const lower = ` ${statement.toLowerCase().replace(/[^\p{L}\d+#.!_ -]+/gu, ' ')} `;
  return (LONGEST_FIRST.get(category) ?? []).filter((w) => lower.includes(` ${w} `) || lower.includes(` ${w}s `));
}

const LONGEST_FIRST = new Map(Object.entries(CATEGORY_WORDS).map(([category, names]) => [category, [...names].sort((a, b) => b.length - a.length)]));

/** The members of the family a word names ("coffee" → espresso, latte, …), or none. */
export function membersOf(thing: string): readonly string[] {
  return FAMILIES[thing.toLowerCase().trim()] ?? [];
}

/** The family of drinks a thing named is of, by the family's word or a member's ("a flat white with oat milk" → coffee), or none. */
export function familyOf(thing: string): string | undefined {
  const lower = ` ${thing.toLowerCase().replace(/[^\p{L}\d -]+/gu, ' ')} `;
  const said = (w: string) => lower.includes(` ${w} `) || lower.includes(` ${w}s `);
  return DRINK_FAMILIES.find((family) => said(family) || FAMILIES[family]!.some(said));
}
const DRINK_FAMILIES = ['coffee', 'tea', 'beer', 'wine', 'whisky'];

/** Whether `thing` is, whole, a known thing of one of `categories` ("airflow" of orchestration). */
export function isListed(thing: string, categories: ReadonlySet<string>): boolean {
  const category = categoryOf(thing);
  return category !== undefined && categories.has(category) && namedOf(thing, category)[0] === thing.toLowerCase().trim();
}

/** The longest word of a known category `text` names, if any ("a flat white" → "flat white"). */
export function listedIn(text: string): string | undefined {
  const category = categoryOf(text);
  return category ? namedOf(text, category)[0] : undefined;
}
