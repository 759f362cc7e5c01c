import { forbidden } from '../errors.ts';
import type { Principal } from '../ports/principal.ts';

/** The userName a principal acts as for its own data (root is `root`). */
export function ownerOf(p: Principal): string | null {
  switch (p.kind) {
    case 'root':
      return 'root';
    case 'pat':
    case 'user':
      return p.userName;
    default:
      return null;
  }
}

export function isAdmin(p: Principal): boolean {
  return p.kind === 'root' || (p.kind === 'user' && p.admin);
}

/**
 * Whose rows a personal list shows: the caller's own, or everyone's (null) when `?all=1` is asked,
 * which only admins may do.
 */
export function listedOwner(p: Principal, all: boolean, what: string): string | null {
  if (!all) return ownerOf(p);
  if (!isAdmin(p)) throw forbidden(`only admins may list every ${what}`);
  return null;
}

/** The owner of a row and admins may act on it; to anyone else it does not exist. */
export function mayManage(p: Principal, userName: string): boolean {
  return isAdmin(p) || userName === ownerOf(p);
}

/** The name recorded in audit events. */
export function actorName(p: Principal): string {
  switch (p.kind) {
    case 'root':
      return 'root';
    case 'scim':
      return 'scim';
    case 'pat':
      return `${p.userName} (token ${p.tokenId})`;
    case 'user':
      return p.userName;
    default:
      return 'anonymous';
  }
}
