import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { type UserType } from '@shared/constants';
import { forbidden, unauthenticated } from '../lib/errors';

/** The signed-in user, or a 401. */
export function requireUser(request: Request): Express.User {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export const requireSession: RequestHandler = (
  request: Request,
  _response: Response,
  next: NextFunction,
) => {
  requireUser(request);
  next();
};

/** 401 without a session, 403 for the other account type. */
export function requireRole(role: UserType): RequestHandler {
  return (request, _response, next) => {
    const user = requireUser(request);
    if (user.type !== role) throw forbidden(`Only ${role} accounts can do this`);
    next();
  };
}
