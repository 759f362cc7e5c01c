import { burstSection } from '../burst.ts';
import type { Section } from './section.ts';

export const burst: Section = { name: 'burst', run: (quick) => burstSection(quick).run() };
