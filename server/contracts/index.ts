export * from './common';
export * from './profile';
export * from './resources';
export * from './views';
export * from './routes';
export * from './report';
