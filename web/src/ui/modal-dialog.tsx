import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** Props of ModalDialog. */
export interface ModalDialogProps {
  /** The heading, also the dialog's accessible name. */
  title: string;
  /** Called on Escape or when the dialog closes without a result. */
  onClose: () => void;
  /** A wide dialog (side-by-side content) instead of the narrow form width. */
  wide?: boolean;
  children: ComponentChildren;
}

let nextId = 0;

/**
 * A modal `<dialog>` (focus kept inside, Escape closes), opened while
 * mounted; its heading names it.
 */
export function ModalDialog({ title, onClose, wide = false, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useRef(`dialog-title-${++nextId}`);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      class={wide ? 'modal modal-wide' : 'modal'}
      aria-labelledby={headingId.current}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={headingId.current}>{title}</h2>
      {children}
    </dialog>
  );
}
