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

const CONDITION_NOUNS = [
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
] as const;
export const CONDITION = alternation(CONDITION_NOUNS);

/** Who rules on the user's health: their finding or verdict on the user is the user's own news. */
export const CLINICIAN =
  '(?:doc|doctor|gp|dr\\.? \\p{L}+|physio|physiotherapist|surgeon|consultant|specialist|cardiologist|dentist|orthopaedist|orthopedist|ortho|rheumatologist|dietitian|dietician|nutritionist|neurologist|allergist|dermatologist|gastroenterologist|gastro|endocrinologist|endo|hand surgeon|knee surgeon|sports doctor)';
