/**
 * Words for what the user holds in something else, so that a change names the something else:
 * "gave up my spot in the choir" leaves the choir, "a senior apartment in Baton Rouge" is a home
 * in Baton Rouge, "the last of the cherry trees" are the cherries.
 */
import { alternation } from './alternation.ts';

/** A place the user holds in a group or an activity: "my spot in", "my seat on", "my membership at". */
/** What an employer lends for the job ("handed back the KTDA motorbike", "gave back my DB uniform"): handing it back is leaving. */
export const WORK_KIT = alternation([
  'uniform',
  'uniforms',
  'badge',
  'lanyard',
  'laptop',
  'id',
  'key',
  'keys',
  'key card',
  'id card',
  'swipe card',
  'access card',
  'van',
  'motorbike',
  'company car',
  'work phone',
  'pass',
  'scrubs',
  'vest',
  'apron',
  'hi-vis',
  'name tag',
  'access card',
  'radio',
  'tools',
]);
export const SEAT = alternation(['spot', 'place', 'seat', 'membership', 'slot', 'space', 'position', 'role', 'subscription', 'chair']);

/** A dwelling, named before where it is: "a flat in Leith", "our summer house on Fanø" (never a room or a studio: a room of a city is no city of its own). */
export const DWELLINGS = [
  'apartment',
  'flat',
  'house',
  'home',
  'place',
  'condo',
  'cottage',
  'bungalow',
  'townhouse',
  'town house',
  'bedsit',
  'cabin',
  '1br',
  '2br',
  '3br',
  'halls',
  'dorm',
  'studio',
  'terrace',
  'semi',
  'semi-d',
  'semi-detached',
  'duplex',
  'villa',
  'maisonette',
  'sharehouse',
  'houseshare',
  'flatshare',
  'flat-share',
  'house-share',
  'granny flat',
  'annexe',
  'caravan',
  'houseboat',
  '1bhk',
  '2bhk',
  '3bhk',
  '1-bed',
  '2-bed',
  '3-bed',
  '4-bed',
  'one-bed',
  'two-bed',
  'three-bed',
  'four-bed',
  'detached',
  'terraced house',
  'new build',
  'new-build',
  'townhome',
  'loft',
  'penthouse',
  'apt',
  'pg',
  'paying guest',
  'hostel',
  'dorms',
  'compound',
] as const;
export const DWELLING = alternation(DWELLINGS);

/** What part of a whole is said before the whole: "the last of", "the rest of", "all of". */
export const PART_OF = alternation(['last', 'rest', 'remainder', 'bulk', 'all', 'most', 'half', 'remains', 'both']);

/** What a crop or a garden is grown as, beside the thing grown: "the cherry trees" are the cherries. */
export const GROWN_AS = ['tree', 'trees', 'plant', 'plants', 'bush', 'bushes', 'vine', 'vines', 'crop', 'crops', 'orchard', 'grove', 'patch'] as const;

/** What the user drives, said by what it is: "my car", "the work ute". */
export const VEHICLES = ['car', 'van', 'truck', 'ute', 'motorbike', 'motorcycle'] as const;

/** What the user has one of at a time, so that a new one takes the old one's place: "new truck since Monday, a Volvo FH". */
export const OWNED = alternation([
  'car',
  'truck',
  'lorry',
  'van',
  'rig',
  'bike',
  'motorbike',
  'motorcycle',
  'scooter',
  'phone',
  'mobile',
  'laptop',
  'computer',
  'tablet',
  'e-reader',
  'ereader',
  'kindle',
  'watch',
  'camera',
  'console',
  'headphones',
  'ride',
]);

/** Where a thing goes back to when the user no longer has it: "the old Scania went back to the leasing co.". */
export const RETURNED_TO = alternation([
  'leasing',
  'lease',
  'leasing company',
  'dealer',
  'dealership',
  'rental',
  'hire',
  'company',
  'work',
  'office',
  'it',
  'employer',
  'lender',
  'bank',
  'owner',
  'seller',
  'manufacturer',
]);
