import { useEffect } from 'react';
import { Toast, Toaster, ToastTitle, useToastController } from '@fluentui/react-components';
import { registerToaster } from '../shared/lib/notify';
import { toastOffset } from '../shared/theme';
import { TOASTER_ID } from './wire';

/** The one Fluent toaster (at the bottom right, clear of the centred 发现新版本 bar: theme's toastOffset says why); the request layer's toasts arrive through `registerToaster`. */
export default function ToasterHost() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  useEffect(
    () =>
      registerToaster((intent, text) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{text}</ToastTitle>
          </Toast>,
          { intent, timeout: intent === 'error' ? 4000 : 3000 },
        ),
      ),
    [dispatchToast],
  );
  return <Toaster toasterId={TOASTER_ID} position="bottom-end" offset={{ vertical: toastOffset }} pauseOnHover limit={3} />;
}
