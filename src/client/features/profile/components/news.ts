/** What a form on the miles panel tells the customer once it has been sent: done, or why not. */
export interface News {
  kind: 'ok' | 'error';
  text: string;
}
