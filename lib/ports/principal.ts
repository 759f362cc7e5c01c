/** Who is calling, decided once per request by the identify middleware. */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'root'; sessionId: string | null }
  | { kind: 'scim' }
  | { kind: 'pat'; tokenId: string; userName: string }
  | { kind: 'user'; userName: string; admin: boolean; sessionId: string | null };

/** What an open socket re-checks against the database while it stays open. */
export type SocketCredential =
  | { kind: 'pat'; tokenId: string }
  | { kind: 'user'; userName: string; sessionId: string | null }
  | { kind: 'root'; sessionId: string | null; tokenHash: string | null };
