/** A failure that stops the server from starting; its message is the one line the operator reads. */
export class StartError extends Error {}
