import type { SessionRow } from '@proxy/contract';
import type { DbRoot } from '@proxy/db';
import { AppError } from '../../lib/app-error.ts';
import type { TokenSession } from '../../plugins/auth.ts';
import { revokeUserTokens } from '../auth/auth.repository.ts';
import { findLiveSessions, revokeUserSession } from './sessions.repository.ts';
import { parseUserAgent } from './user-agent.ts';

export const listSessions = async (db: DbRoot, session: TokenSession): Promise<SessionRow[]> => {
  const rows = await findLiveSessions(db, session.user.id);
  return rows.map((row) => ({
    id: row.id,
    ...parseUserAgent(row.user_agent),
    ip_address: row.ip_address,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
    is_current: row.id === session.tokenId,
  }));
};

/** Another user's session, a revoked or an unknown one are all 404: nothing to tell apart. */
export const revokeSession = async (db: DbRoot, session: TokenSession, tokenId: number) => {
  if (!(await revokeUserSession(db, session.user.id, tokenId))) throw new AppError('NOT_FOUND');
};

export const revokeOtherSessions = async (db: DbRoot, session: TokenSession) => {
  const result = await revokeUserTokens(db, session.user.id, session.tokenId);
  return result.reduce((sum, row) => sum + Number(row.numUpdatedRows), 0);
};
