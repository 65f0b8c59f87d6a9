import { PAYMENT_METHOD_NAMES, methodOfSystemName } from '@proxy/contract';
import { translateDynamic } from '../../../shared/i18n/i18n';

/**
 * A payment's stored system_name ("Crypto USDT-TRC20", "SBP") in the UI language, through the
 * top-up method names (`top-up:methods.<id>`); the crypto network stays as it is. A name made by
 * no known method is shown as stored.
 */
export const paymentMethodLabel = (systemName: string): string => {
  const method = methodOfSystemName(systemName);
  if (!method) return systemName;
  const name = translateDynamic(`top-up:methods.${method.methodId}`, {
    defaultValue: PAYMENT_METHOD_NAMES[method.methodId],
  });
  return method.network ? `${name} ${method.network}` : name;
};
