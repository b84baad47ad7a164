// Accounts with two-factor authentication on the in-memory server. As on Gitea,
// HTTP Basic with the password then needs the one-time code in X-GITEA-OTP
// (Forgejo names it X-FORGEJO-OTP; either is taken here); without it, or with
// a wrong one, the answer is 401 "invalid provided OTP". A token needs no code.
import type { State } from './state.js';

/** login → the code the account's authenticator shows now. */
export function twoFactor(state: State): Map<string, string> {
  return state.extension('two-factor', () => new Map<string, string>());
}

/** Why a Basic password login of `login` is refused for want of its code; undefined when it is not. */
export function otpProblem(state: State, login: string, headers: Record<string, string | string[] | undefined>): string | undefined {
  const code = twoFactor(state).get(login);
  if (code === undefined) return undefined;
  const given = [headers['x-gitea-otp'], headers['x-forgejo-otp']].flat().filter((v): v is string => typeof v === 'string');
  return given.includes(code) ? undefined : 'invalid provided OTP';
}
