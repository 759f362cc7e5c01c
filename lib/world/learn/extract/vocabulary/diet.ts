/** What counts as a diet. */

import { alternation } from './alternation.ts';

export const DIETS = [
  'vegetarian',
  'vegan',
  'pescatarian',
  'pescetarian',
  'flexitarian',
  'teetotal',
  'keto',
  'kosher',
  'halal',
  'paleo',
  'carnivore',
  'plant-based',
  'plant based',
] as const;
export const DIET = alternation(DIETS);
