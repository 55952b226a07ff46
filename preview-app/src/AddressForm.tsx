import type { Ref } from 'react';

interface Props {
  id: string;
  label: string;
  action: string;
  value: string;
  onChange: (value: string) => void;
  /** The address, trimmed; not called for one that is only spaces. */
  onSubmit: (address: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** An e-mail address and its button (take it off every list, add a member); the caller clears it once done. */
export function AddressForm({ id, label, action, value, onChange, onSubmit, inputRef }: Props) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const address = value.trim();
        if (address) onSubmit(address);
      }}
    >
      <label htmlFor={id}>{label}</label>{' '}
      <input id={id} ref={inputRef} type="email" required autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />{' '}
      <button type="submit">{action}</button>
    </form>
  );
}
