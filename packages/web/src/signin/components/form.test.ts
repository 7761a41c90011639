import { describe, expect, it } from 'vitest';
import { FormStore, required, ValidationError } from './form';

/** A store with the fields of a small sign-up form registered as its Field components would. */
function signupStore(initial?: Record<string, unknown>) {
  const store = new FormStore('signup', initial);
  store.register('username', { rules: [required('Please input your username!')], dependencies: [] });
  store.register('password', { rules: [required('Please input your password!')], dependencies: [] });
  store.register('confirm', {
    rules: [
      (value, values) => (value === values.password ? null : 'Your confirmed password is inconsistent with your password!'),
    ],
    dependencies: ['password'],
  });
  return store;
}

describe('the plain form store', () => {
  it('names inputs as antd does, so that labels and tests find them', () => {
    expect(signupStore().idOf('username')).toBe('signup_username');
  });

  it('checks a field once it changes, not before', () => {
    const store = signupStore();
    expect(store.getError('username')).toBeUndefined();
    store.change('username', '   ');
    expect(store.getError('username')).toBe('Please input your username!');
    store.change('username', 'ada');
    expect(store.getError('username')).toBeUndefined();
  });

  it('checks a touched field again when a field it depends on changes', () => {
    const store = signupStore();
    store.change('password', 'secret');
    // The confirmation is untouched: a password change leaves it alone.
    expect(store.getError('confirm')).toBeUndefined();
    store.change('confirm', 'secret');
    expect(store.getError('confirm')).toBeUndefined();
    store.change('password', 'other');
    expect(store.getError('confirm')).toBe('Your confirmed password is inconsistent with your password!');
  });

  it('refuses a submit with every wrong field, and answers the values when all are right', async () => {
    const store = signupStore();
    const refusal = await store.validateFields().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal instanceof ValidationError && refusal.fields).toEqual(['username', 'password']);
    expect(store.getError('password')).toBe('Please input your password!');
    store.change('username', 'ada');
    store.change('password', 'secret');
    store.change('confirm', 'secret');
    await expect(store.validateFields()).resolves.toEqual({ username: 'ada', password: 'secret', confirm: 'secret' });
  });

  it('checks only the named fields when asked to', async () => {
    const store = signupStore();
    await expect(store.validateFields(['username'])).rejects.toBeInstanceOf(ValidationError);
    expect(store.getError('password')).toBeUndefined();
  });

  it('takes its first values once, keeping what was typed before they came', () => {
    const store = new FormStore('login');
    store.change('username', 'typed');
    store.initialize({ username: 'admin', autoSignin: true });
    expect(store.getFieldsValue()).toEqual({ username: 'typed', autoSignin: true });
    store.initialize({ autoSignin: false });
    expect(store.getFieldValue('autoSignin')).toBe(true);
  });

  it('shows an error the page sets, and clears it', () => {
    const store = signupStore();
    store.setError('username', 'The user exists');
    expect(store.getError('username')).toBe('The user exists');
    store.setError('username', null);
    expect(store.getError('username')).toBeUndefined();
  });

  it('lets a field be unregistered, so a hidden field is no longer checked', async () => {
    const store = new FormStore('login', { username: 'ada' });
    store.register('username', { rules: [required('Please input your username!')], dependencies: [] });
    const unregister = store.register('code', { rules: [required('Please input the code!')], dependencies: [] });
    await expect(store.validateFields()).rejects.toBeInstanceOf(ValidationError);
    unregister();
    await expect(store.validateFields()).resolves.toEqual({ username: 'ada' });
  });
});
