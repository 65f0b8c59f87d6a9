import { useMutation } from '@tanstack/react-query';
import { proxyListsEndpoints, type GeneratorInput } from '@proxy/contract';
import { call } from '../../../shared/api/http-client';

export type GenerateProxiesInput = { packageId: number; body: GeneratorInput };

/** POST /packages/:id/proxy-generator: lines of the package's own login; nothing is stored. */
export const generateProxies = ({ packageId, body }: GenerateProxiesInput) =>
  call(proxyListsEndpoints.generateProxies, { params: { id: packageId }, body });

/** The form reports failures on its fields and in one alert. */
export const useGenerateProxies = () =>
  useMutation({ mutationFn: generateProxies, meta: { skipGlobalError: true } });
