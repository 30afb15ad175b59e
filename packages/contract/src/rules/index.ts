// Business rules as pure functions, shared by the server and the web app.
export * from './agreements.js';
export * from './bidi-text.js';
export * from './codes.js';
export * from './dates.js';
export * from './families.js';
export * from './message-html.js';
export * from './money.js';
export * from './names.js';
export * from './password.js';
export * from './phone.js';
export * from './price.js';
export * from './search-words.js';
export * from './second-factors.js';
export * from './sizes.js';
export * from './terms.js';
export * from './terms-html.js';
export * from './text-limits.js';
