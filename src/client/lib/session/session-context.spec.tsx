import { renderToString } from 'react-dom/server';
import { SessionProvider, useSession } from './session-context';

function ShowsSession() {
  const { status, signedIn } = useSession();
  return <span>{`${status}:${signedIn}`}</span>;
}

describe(useSession.name, () => {
  it('throws "useSession requires Session context!" outside a session provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderToString(<ShowsSession />)).toThrow('useSession requires Session context!');
  });

  it('starts loading when the page did not come with a session, ready when it did', () => {
    expect(
      renderToString(
        <SessionProvider initial={undefined} locale="en-US">
          <ShowsSession />
        </SessionProvider>,
      ),
    ).toContain('loading:false');
    expect(
      renderToString(
        <SessionProvider initial={{ userId: 'u1', userEmail: 'a@example.com' }} locale="en-US">
          <ShowsSession />
        </SessionProvider>,
      ),
    ).toContain('ready:true');
  });
});
