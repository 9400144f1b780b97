/** Sign-in (one-time codes, or the single-user mode), sessions and the bearer-token authenticator. */
export {
  ACTIVITY_WRITE_INTERVAL_MS,
  createAuthenticator,
  SESSION_CACHE_TTL_MS,
  type Authenticator,
  type AuthUser,
  type SessionState,
} from './authenticate';
export {
  createSignInService,
  SINGLE_USER_METHOD_ID,
  type LoginAnswer,
  type LoginInput,
  type SignInService,
  type VerifyAnswer,
  type VerifyInput,
} from './signIn';
export { bearerToken, hashToken } from './tokens';
