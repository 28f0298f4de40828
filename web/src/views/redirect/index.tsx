/** /redirect/*: leaves the page and comes straight back, so the page is mounted afresh. */
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

export default function Redirect() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/' + (params['*'] ?? '') + search, { replace: true });
  }, [navigate, params, search]);
  return null;
}
