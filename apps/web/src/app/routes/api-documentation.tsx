import { ApiDocsPage } from '../../features/api-docs';
import { useProfile } from '../../features/profile/api/get-profile';

/** /cabinet/api-documentation: the cabinet layout has loaded the profile (the user's key). */
export const ApiDocumentationRoute = () => {
  const { data } = useProfile();
  return data ? <ApiDocsPage apiKey={data.user.api_key} /> : null;
};
