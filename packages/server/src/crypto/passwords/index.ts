export { hashPassword, isPasswordType, newSalt, safeEqual, verifyPassword } from './algorithms.js';
export {
  burnVerification,
  checkUserPassword,
  hashForOrganization,
  type PasswordCheckInput,
  type PasswordCheckResult,
  type PasswordHolder,
  type PasswordPolicy,
} from './check.js';
export { checkPasswordOptions, type PasswordOptionViolation } from './options.js';
