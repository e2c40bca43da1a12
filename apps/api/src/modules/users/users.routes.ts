import type { FastifyInstance } from 'fastify';
import { authEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { UsersService } from './users.service.js';
import { toPublicUser } from './users.view.js';

/** The signed-in person's own account. Nothing here takes another user's id. */
export async function usersRoutes(
  app: FastifyInstance,
  { users }: { users: UsersService },
): Promise<void> {
  // Account data is personal: no shared cache may keep it.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  route(app, api.theme, async ({ user }) => ({ theme: user.theme }));

  route(app, api.setTheme, async ({ user, body }) => ({
    theme: await users.setTheme(user, body.theme),
  }));

  route(app, api.me, async ({ user }) => ({ user: toPublicUser(user) }));

  route(app, api.saveProfile, async ({ user, body }) => ({
    user: toPublicUser(await users.updateProfile(user, body)),
  }));

  route(app, api.changePassword, async ({ user, body, request }) => {
    await users.changePassword(user, request.session!.id, body);
    return { message: 'Your password has been changed. Your other sessions were signed out.' };
  });

  route(app, api.sessions, async ({ user, request }) => ({
    sessions: await users.listSessions(user, request.session!.id),
  }));

  route(app, api.revokeSession, async ({ user, params }) => {
    await users.revokeSession(user, params.id);
    return { message: 'Session signed out.' };
  });
}
