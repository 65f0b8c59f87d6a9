import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { isLanguage } from '@proxy/contract';
import { changeLanguage } from '../../shared/i18n/i18n';
import { NotFoundScreen } from '../components/not-found-screen';
import { Redirect } from '../../shared/ui/redirect';

/** /en/login, /ru/register: sets the language and drops the segment from the URL. */
export const LanguagePrefixRoute = ({ target }: { target: string }) => {
  const { lang } = useParams();
  const location = useLocation();
  const isValid = isLanguage(lang);
  useEffect(() => {
    if (isLanguage(lang)) void changeLanguage(lang);
  }, [lang]);
  if (!isValid) return <NotFoundScreen />;
  return (
    <Redirect
      to={`${target}${location.search}${location.hash}`}
      replace
      state={location.state as unknown}
    />
  );
};
