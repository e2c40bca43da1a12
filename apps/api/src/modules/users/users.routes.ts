import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthErrorBody,
  MessageResponse,
  PasswordChangeRequest,
  ProfileRequest,
  SessionListResponse,
  ThemeBody,
  ThemeResponse,
  UserResponse,
  authPaths,
} from '@grail/contract';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';
import { toPublicUser } from './users.view.js';

const tags = ['users'];
const errors = { 400: AuthErrorBody, 401: AuthErrorBody, 403: AuthErrorBody, 404: AuthErrorBody };

/** The signed-in person's own account. Nothing here takes another user's id. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.addHook('preHandler', requireUser);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    authPaths.theme,
    { schema: { tags, response: { 200: ThemeResponse, 401: AuthErrorBody } } },
    async (request) => ({ theme: currentUser(request).theme }),
  );

  app.put(
    authPaths.theme,
    { schema: { tags, body: ThemeBody, response: { 200: ThemeBody, ...errors } } },
    async (request) => ({ theme: await users.setTheme(currentUser(request), request.body.theme) }),
  );

  app.get(
    authPaths.me,
    { schema: { tags, response: { 200: UserResponse, 401: AuthErrorBody } } },
    async (request) => ({ user: toPublicUser(currentUser(request)) }),
  );

  app.put(
    authPaths.profile,
    { schema: { tags, body: ProfileRequest, response: { 200: UserResponse, ...errors } } },
    async (request) => ({
      user: toPublicUser(await users.updateProfile(currentUser(request), request.body)),
    }),
  );

  app.put(
    authPaths.password,
    {
      schema: { tags, body: PasswordChangeRequest, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await users.changePassword(currentUser(request), request.session!.id, request.body);
      return { message: 'Your password has been changed. Your other sessions were signed out.' };
    },
  );

  app.get(
    authPaths.sessions,
    { schema: { tags, response: { 200: SessionListResponse, 401: AuthErrorBody } } },
    async (request) => ({
      sessions: await users.listSessions(currentUser(request), request.session!.id),
    }),
  );

  app.delete(
    '/api/users/me/sessions/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Session not found' }) }),
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await users.revokeSession(currentUser(request), request.params.id);
      return { message: 'Session signed out.' };
    },
  );
};
