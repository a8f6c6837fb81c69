import { useCallback, useContext } from 'react';
import { type NavigateOptions, UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router';

/**
 * Changes the address's query (in place of the current entry unless told otherwise), starting from
 * the router's latest address: the one it is navigating to, else the one it is at. React Router's
 * `setSearchParams(current => …)` hands the updater the parameters of the component's last render,
 * so a second change made before React has drawn the first (a quick second pick on a busy phone)
 * would undo the first. Outside a data router (some unit tests) it starts from the rendered address.
 */
export function useUpdateSearchParams() {
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const rendered = useLocation().search;
  return useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options: NavigateOptions = { replace: true }) => {
      const latest = router ? (router.state.navigation.location ?? router.state.location).search : rendered;
      void navigate(`?${change(new URLSearchParams(latest))}`, options);
    },
    [navigate, router, rendered],
  );
}
