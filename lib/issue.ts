import type { z } from 'zod';

/**
 * The first issue of a failed Zod parse as `field: message` (dotted path); `whole` names the
 * input when the issue is about all of it. `path` may rewrite the issue's path first.
 */
export function issueText(error: z.ZodError, whole: string, path: (p: readonly PropertyKey[]) => readonly PropertyKey[] = (p) => p): string {
  const issue = error.issues[0]!;
  const field = path(issue.path).map(String).join('.') || whole;
  return `${field}: ${issue.message}`;
}
