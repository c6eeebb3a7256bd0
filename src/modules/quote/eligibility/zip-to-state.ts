// The table moved to shared/ so the quote page can name a ZIP's state as it is typed (issue 15:
// an agent is told at once where they are not licensed); the server's imports keep this path.
export { stateForZip } from '../../../shared/quote/zip-to-state';
