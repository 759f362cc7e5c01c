/** The health-scope beliefs the embedding tests recall by meaning (GloVe vectors of the fake provider). */
export const HEALTH = 'domain:health';
export const MODEL = 'oai/glove-100d';
/** A question sharing no word with the allergy belief, nor a word of its kind's name (only its meaning: eating). */
export const PARAPHRASE = "What can't I eat?";
export const ALLERGY = 'The user cannot have shellfish';

export const STATEMENTS = [
  ALLERGY,
  'The user injured a knee while skiing',
  'The user does yoga twice a week',
  'The user sleeps badly when stressed',
  'The user takes the train to the office',
  "The user's laptop is a ThinkPad running Fedora",
  'The user earns 70000 euros a year',
  'The user plays the guitar in a folk band',
];
