import { heavyTurnsSection } from '../heavy-turns.ts';
import type { Section } from './section.ts';

export const heavyTurns: Section = { name: 'heavyTurns', run: (quick) => heavyTurnsSection(quick).run() };
