/** What counts as a diet. */

import { alternation } from './alternation.ts';

export const DIETS = [
  'vegetarian',
  'vegan',
  'veggie',
  'vego',
  'veggo',
  'pescatarian',
  'pescetarian',
  'eggetarian',
  'non-vegetarian',
  'non-veg',
  'jain',
  'flexitarian',
  'teetotal',
  'keto',
  'mediterranean',
  'low-carb',
  'low carb',
  'banting',
  'atkins',
  'whole30',
  'low-fodmap',
  'low fodmap',
  'kosher',
  'halal',
  'paleo',
  'carnivore',
  'plant-based',
  'plant based',
  'gluten-free',
  'dairy-free',
] as const;
export const DIET = alternation(DIETS);
/** The diets as a statement writes them: Jain capitalised (the name of a people), the rest in lower case. */
export const DIETS_WRITTEN: readonly string[] = DIETS.map((d) => (d === 'jain' ? 'Jain' : d));

/** What eating or drinking something again ends: the diets that exclude it. */
const EXCLUDED_BY: [readonly string[], readonly string[]][] = [
  [
    ['meat', 'chicken', 'beef', 'pork', 'bacon', 'steak', 'steaks', 'burger', 'burgers', 'lamb', 'ham', 'sausages'],
    ['vegetarian', 'vegan', 'pescatarian', 'pescetarian', 'plant-based'],
  ],
  [
    ['fish', 'seafood', 'salmon', 'tuna', 'prawns', 'sushi'],
    ['vegetarian', 'vegan', 'plant-based'],
  ],
  [
    ['dairy', 'cheese', 'milk', 'eggs', 'egg', 'butter', 'yoghurt', 'yogurt', 'honey'],
    ['vegan', 'plant-based'],
  ],
  [
    ['wine', 'beer', 'alcohol', 'booze', 'gin', 'whisky', 'whiskey', 'vodka', 'cocktail', 'cocktails', 'pint', 'pints', 'drink', 'drinks'],
    ['teetotal', 'sober'],
  ],
  [
    ['carbs', 'bread', 'pasta', 'rice', 'sugar', 'potatoes'],
    ['keto', 'low-carb', 'paleo', 'banting', 'atkins'],
  ],
];
export const EXCLUDES = new Map<string, readonly string[]>(EXCLUDED_BY.flatMap(([foods, diets]) => foods.map((f) => [f, diets] as const)));

/** Foods a user may say they have none of ("zero gluten", "no dairy"): what the diets exclude, and what people leave out for their health. */
const AVOIDABLE = new Set([...EXCLUDES.keys(), 'gluten', 'lactose', 'wheat', 'nuts', 'peanuts', 'soy', 'caffeine', 'alcohol', 'salt', 'sugar']);
export const isAvoidable = (food: string) => AVOIDABLE.has(food.toLowerCase());

/** How food or drink is prepared, said before it ("iced matcha", "smoked salmon"): a participle that describes the noun, not a verb. */
export const PREPARED = new Set([
  'iced',
  'smoked',
  'grilled',
  'roasted',
  'boiled',
  'fried',
  'steamed',
  'baked',
  'poached',
  'pickled',
  'brewed',
  'chilled',
  'toasted',
  'salted',
  'sweetened',
  'unsweetened',
  'whipped',
  'mashed',
  'dried',
  'cured',
  'decaffeinated',
]);

/** Verbs a diet is kept by besides "be": "I keep to low-carb eating", "I stick to keto", "now I try paleo". */
export const KEPT_BY = new Set(['keep', 'stick', 'try', 'follow', 'do', 'go', 'eat', 'live']);

/** The diet a clause's words name, longest first ("low carb", not "carb"). */
export function dietNamed(words: readonly string[]): string | undefined {
  const said = ` ${words.join(' ').toLowerCase()} `;
  return [...DIETS].sort((a, b) => b.length - a.length).find((d) => said.includes(` ${d} `));
}
