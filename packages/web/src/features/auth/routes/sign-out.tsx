import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { useSignOut } from '../api/sign-out.ts';

/** /sign-out: revokes the token, clears the cookies and cached data, then shows sign-in. */
export function SignOutPage() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; the ref guards React's double effects
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut.mutate(undefined, { onSettled: () => void navigate('/sign-in', { replace: true }) });
  }, []);

  return <LoadingScreen />;
}
