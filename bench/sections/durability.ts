import { durabilitySection } from '../durability.ts';
import type { Section } from './section.ts';

export const durability: Section = { name: 'durability', run: (quick) => durabilitySection(quick).run() };
