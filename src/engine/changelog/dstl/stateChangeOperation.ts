/** The shared operation codes (see ../stateChangeOperation.ts). */
export * from '../stateChangeOperation';
