import { useEffect } from 'react';
import { showAlert } from './alert-store';

/** Shows `message` as an error alert when a query turns to the error state. */
export const useErrorAlert = (isError: boolean, message: string): void => {
  useEffect(() => {
    if (isError) showAlert.error(message);
  }, [isError, message]);
};
