import { useNavigate, useParams } from 'react-router';
import { GeneratorModal } from '../../features/proxy-generator';
import { paths } from '../paths';
import { Redirect } from '../../shared/ui/redirect';

/** /cabinet/packages/generator/:packageId: the generator over the list; closing goes back to it. */
export const ProxyGeneratorRoute = () => {
  const { packageId } = useParams();
  const navigate = useNavigate();
  const id = Number(packageId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Redirect to={paths.cabinet.packages} replace />;
  return <GeneratorModal packageId={id} onClose={() => void navigate(paths.cabinet.packages)} />;
};
