import type { TLanguage } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { passwordLinkUrl, signPasswordLink } from '../../core/password-links';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { queuePasswordMail } from '../mail/password-mail';

/**
 * An invitation for a new or re-invited account, queued in the caller's transaction: a link valid
 * INVITATION_TTL_HOURS that sets the password once (docs/decisions/0068-password-reset-and-invitations.md).
 */
export async function queueInvitation(
  deps: Deps,
  db: DbOrTx,
  user: UserRow,
  from: { inviter: string; clubName: string },
  language: TLanguage,
): Promise<void> {
  const token = await signPasswordLink(deps.config, user, 'invite');
  await queuePasswordMail(
    db,
    deps.config,
    {
      clubId: user.clubId,
      to: user.email,
      name: user.name,
      url: passwordLinkUrl(deps.config, token, 'invite'),
      kind: 'invite',
      invitedBy: from.inviter,
      clubName: from.clubName,
    },
    language,
  );
}
