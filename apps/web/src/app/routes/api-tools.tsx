import { useParams } from 'react-router';
import { ApiToolsPage } from '../../features/api-tools';

/** /cabinet/dynamic/api-tools/:packageKey. */
export const ApiToolsRoute = () => {
  const { packageKey = '' } = useParams();
  return <ApiToolsPage key={packageKey} packageKey={packageKey} />;
};
