import { embeddingsSection } from '../embeddings.ts';
import type { Section } from './section.ts';

export const embeddings: Section = { name: 'embeddings', run: (quick) => embeddingsSection(quick).run() };
