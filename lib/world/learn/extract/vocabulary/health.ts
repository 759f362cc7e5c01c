/** What counts as a health condition, said as a noun ("I have asthma") or an adjective ("I'm diabetic"). */

import { alternation } from './alternation.ts';

/** Conditions said as an adjective ("I'm diabetic"), each with its own key. */
export const CONDITION_ADJECTIVES: Record<string, string> = {
  diabetic: 'diabetes',
  celiac: 'celiac disease',
  coeliac: 'coeliac disease',
  asthmatic: 'asthma',
  epileptic: 'epilepsy',
  anemic: 'anemia',
  anaemic: 'anaemia',
  autistic: 'autism',
  dyslexic: 'dyslexia',
  colorblind: 'color blindness',
  colourblind: 'colour blindness',
  'left-handed': 'left-handedness',
  'colour-blind': 'colour blindness',
  'color-blind': 'color blindness',
  pregnant: 'pregnancy',
};
export const CONDITION_ADJECTIVE = alternation(Object.keys(CONDITION_ADJECTIVES));

/** What a doctor finds the user is, or the user says with a shrug ('apparently I'm coeliac'): a condition, an allergy or an intolerance. */
export const FOUND_CONDITION = alternation(['allergic', 'intolerant', 'pre-diabetic', 'prediabetic', ...Object.keys(CONDITION_ADJECTIVES)]);

export const CONDITION_NOUNS = [
  'asthma',
  'diabetes',
  'type 1 diabetes',
  'type 2 diabetes',
  'adhd',
  'add',
  'autism',
  'dyslexia',
  'migraines',
  'migraine',
  'epilepsy',
  'arthritis',
  'eczema',
  'psoriasis',
  'anxiety',
  'depression',
  'insomnia',
  'high blood pressure',
  'hypertension',
  'celiac disease',
  'coeliac disease',
  'ibs',
  "crohn's disease",
  "crohn's",
  'tinnitus',
  'sleep apnea',
  'a bad back',
  'back pain',
  'a heart condition',
  'long covid',
  'lupus',
  'fibromyalgia',
  'hay fever',
  'chronic fatigue',
  'ptsd',
  'ocd',
  'a knee injury',
  'tennis elbow',
  'gout',
  'anemia',
  'a thyroid condition',
  'hypothyroidism',
  'endometriosis',
  'pcos',
  'color blindness',
  'colour blindness',
  'atrial fibrillation',
  'afib',
  'a-fib',
  'hyperthyroidism',
  'high cholesterol',
  'acid reflux',
  'gerd',
  'vertigo',
  'sciatica',
  'rheumatoid arthritis',
  'osteoarthritis',
  'osteoporosis',
  'multiple sclerosis',
  "parkinson's",
  'bipolar disorder',
  'dyspraxia',
  'glaucoma',
  'copd',
  'angina',
  'rosacea',
  'sleep apnoea',
  "raynaud's",
  'ulcerative colitis',
  'colitis',
  'chronic pain',
] as const;
export const CONDITION = alternation(CONDITION_NOUNS);
/** The first word of each condition's name ("high" of high blood pressure): whether a sentence may name one, by a word lookup. */
export const CONDITION_FIRST_WORDS: ReadonlySet<string> = new Set(CONDITION_NOUNS.map((c) => c.split(' ')[0]!));

/** Who rules on the user's health: their finding or verdict on the user is the user's own news. */
export const CLINICIAN =
  '(?:doc|doctor|gp|dr\\.? \\p{L}+|physio|physiotherapist|surgeon|consultant|specialist|cardiologist|dentist|orthopaedist|orthopedist|ortho|rheumatologist|dietitian|dietician|nutritionist|neurologist|allergist|dermatologist|gastroenterologist|gastro|endocrinologist|endo|hand surgeon|knee surgeon|sports doctor)';
