// The contract shared by the server and the web app: schemas, messages, rules and the endpoints.
export * from './endpoints/index.js';
export * from './event-stream.js';
export * from './family-texts.js';
export * from './messages.js';
export * from './messages-mail.js';
export * from './routes.js';
export * from './rules/index.js';
export * from './schemas/index.js';
export * from './us-states.js';
