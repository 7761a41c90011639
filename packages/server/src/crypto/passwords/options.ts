/**
 * The organization's password options (complexity rules applied when a password is set). The
 * rules live in the shared package so that the console's sign-up page checks the same ones.
 */
export { checkPasswordOptions, type PasswordOptionViolation } from '@gatehouse/entities';
