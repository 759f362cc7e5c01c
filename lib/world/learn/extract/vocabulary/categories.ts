/**
 * Things that stand in for one another: a new one of a category replaces the user's old one
 * ("switched to Neovim" ends "uses VS Code"; "it's green tea for me now" ends the coffee). Lower
 * case; a word may be several words.
 */
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
  notes: ['notion', 'obsidian', 'evernote', 'onenote', 'bear', 'logseq', 'roam', 'apple notes', 'google keep', 'joplin'],
  tasks: ['trello', 'asana', 'linear', 'jira', 'todoist', 'clickup', 'basecamp', 'things', 'ticktick', 'github issues'],
  design: ['photoshop', 'lightroom', 'gimp', 'affinity photo', 'capture one', 'figma', 'sketch', 'illustrator', 'canva', 'inkscape', 'procreate', 'darktable'],
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
    'red bull',
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
  gym: ['crossfit', 'gym', 'pilates', 'yoga', 'spin', 'anytime fitness', 'puregym', 'orangetheory', 'f45', 'peloton'],
};

const WORD_CATEGORY = new Map<string, string>();
for (const [category, words] of Object.entries(CATEGORIES)) for (const w of words) WORD_CATEGORY.set(w, category);

const LONGEST = Math.max(...[...WORD_CATEGORY.keys()].map((w) => w.split(' ').length));

/** The category of a thing as named ("a Pixel 8" → phone), by its longest known words. */
export function categoryOf(thing: string): string | undefined {
  const words = thing
    .toLowerCase()
    .split(/[^\p{L}\d+#.!_-]+/u)
    .filter(Boolean);
  for (let n = Math.min(LONGEST, words.length); n > 0; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const found = WORD_CATEGORY.get(words.slice(i, i + n).join(' '));
      if (found) return found;
    }
  }
  return undefined;
}

/** The words of `category` a statement names, longest first ("The user uses VS Code daily" → ["vs code"]). */
export function namedOf(statement: string, category: string): string[] {
  const lower = ` ${statement.toLowerCase().replace(/[^\p{L}\d+#.!_ -]+/gu, ' ')} `;
  return (LONGEST_FIRST.get(category) ?? []).filter((w) => lower.includes(` ${w} `));
}

const LONGEST_FIRST = new Map(Object.entries(CATEGORIES).map(([category, names]) => [category, [...names].sort((a, b) => b.length - a.length)]));
