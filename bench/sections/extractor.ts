import { extractorSection } from '../extractor.ts';
import type { Section } from './section.ts';

export const extractor: Section = { name: 'extractor', run: (quick) => extractorSection(quick).run() };
