export type Actor = 'anonymous' | 'admin' | 'manager' | 'freelancer' | 'contact';
export type Expectation = Record<Actor, 'allow' | 'deny'>;
export type MatrixRows = Record<string, { expect: Expectation; url?: string; payload?: object }>;

export const everyone: Expectation = {
  anonymous: 'allow',
  admin: 'allow',
  manager: 'allow',
  freelancer: 'allow',
  contact: 'allow',
};
export const anyUser: Expectation = { ...everyone, anonymous: 'deny' };
export const staff: Expectation = { ...anyUser, contact: 'deny' };
