import { useRef, useState } from 'react';
import { AddressForm } from './AddressForm';
import { ConfirmDialog } from './ConfirmDialog';
import { DataSection } from './DataSection';
import { ownerDelete, ownerGet, ownerPost } from './owner-api';
import { useOwnerData } from './use-owner-data';
import { useFocusAfterRender } from './use-focus-after-render';
import { counted } from './counted';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { MemberPasswordAnswer, MembersAnswer } from '../../contract/api/owner-answers';

type Call = <T>(path: string, body?: unknown) => Promise<T>;

/** How many members the panel lists at once (by address); the others are found by their address. */
export const MEMBERS_SHOWN = 100;

/** What the list holds: every member, or those found, and how many are not shown. */
function listSummary(find: string, shown: number, total: number): string {
  const more = total > shown ? ` The first ${shown} by address are shown${find ? '' : '; find the others by their address'}.` : '';
  if (find) return total === 0 ? `No member's address contains "${find}".` : `${counted(total, 'member')} with "${find}" in their address.${more}`;
  return total === 0 ? 'No members yet.' : `${counted(total, 'member')} ${total === 1 ? 'signs' : 'sign'} in to the members' pages.${more}`;
}

/**
 * The site's members, who sign in to its members' pages: added by address with a password the
 * server makes, shown here once for the owner to pass on (and, on a site that sends mail, a
 * link for the member to choose their own); given a new one (a forgotten or shared password:
 * the old one, their sessions and links end); or removed, after a confirmation.
 */
export function Members({ load = ownerGet, post = ownerPost, remove = ownerDelete }: { load?: Call; post?: Call; remove?: Call }) {
  // The address part asked for (the list shows those members), and the one being typed.
  const [find, setFind] = useState('');
  const [findDraft, setFindDraft] = useState('');
  // Once the owner has searched, each answer's summary is announced (not on the panel's first load).
  const [searched, setSearched] = useState(false);
  const findInput = useRef<HTMLInputElement>(null);
  const findMembers = (text: string) => {
    setSearched(true);
    setFind(text.trim());
  };
  // How many members there are, from the last answer that listed all: the search form shows once there is one to find, and stays through every search.
  const known = useRef(0);
  const [state, reload] = useOwnerData<MembersAnswer>(`${OWNER_PATHS.members}?limit=${MEMBERS_SHOWN}${find ? `&find=${encodeURIComponent(find)}` : ''}`, (path) =>
    load<MembersAnswer>(path).then((answer) => {
      if (!find) known.current = answer.total;
      return answer;
    }),
  );
  const [email, setEmail] = useState('');
  // What the last action did; a new password rides with it, shown this once.
  const [said, setSaid] = useState<{ text: string; password?: string } | null>(null);
  const [problem, setProblem] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  // The removed member's buttons go: focus moves to the address field, which stays.
  const { focusable, focusAfterRender } = useFocusAfterRender();
  const done = (text: string, password?: string) => {
    setProblem('');
    setSaid({ text, password });
    reload();
  };
  const failed = (address: string) => (error: Error) => {
    setSaid(null);
    setProblem(`${address}: ${error.message}`);
  };
  // A site that sends mail also mails the member a link to choose their own password.
  const showPassword = (text: (email: string) => string) => (answer: MemberPasswordAnswer) =>
    done(`${text(answer.email)}${answer.mailed ? ' They got an email with a link to choose their own password.' : ''} Their password, shown this once:`, answer.password);
  const add = (address: string) =>
    post<MemberPasswordAnswer>(OWNER_PATHS.members, { email: address }).then((answer) => {
      setEmail('');
      showPassword((email) => `Added ${email}.`)(answer);
    }, failed(address));
  const renew = (address: string) =>
    post<MemberPasswordAnswer>(ownerPath(OWNER_PATHS.memberPassword, { email: address })).then(showPassword((email) => `${email} has a new password; the old one and their sessions ended.`), failed(address));
  const confirmRemove = (address: string) => {
    setRemoving(null);
    remove(ownerPath(OWNER_PATHS.member, { email: address })).then(() => {
      done(`Removed ${address}: they are signed out.`);
      focusAfterRender('add');
    }, failed(address));
  };
  const search = (
    <>
      {(find || known.current > 0) && (
        <form
          role="search"
          aria-label="Members"
          onSubmit={(event) => {
            event.preventDefault();
            findMembers(findDraft);
          }}
        >
          <label htmlFor="find-member">Find a member by address</label>{' '}
          <input id="find-member" ref={findInput} type="search" autoComplete="off" value={findDraft} onChange={(event) => setFindDraft(event.target.value)} />{' '}
          <button type="submit">Find</button>{' '}
          {find && (
            <button
              type="button"
              onClick={() => {
                // The button goes with the search: focus stays in the form.
                findMembers('');
                setFindDraft('');
                findInput.current?.focus();
              }}
            >
              Show every member
            </button>
          )}
        </form>
      )}
      {/* One element for every answer, so that what a search found is announced. */}
      <p aria-live={searched ? 'polite' : undefined}>{state.status === 'ready' ? listSummary(find, state.data.members.length, state.data.total) : ''}</p>
    </>
  );
  return (
    <DataSection id="members" title="Members" state={state} reload={reload} controls={search}>
      {({ members }) => (
        <>
          <p role="status">
            {said?.text}
            {said?.password && (
              <>
                {' '}
                <code>{said.password}</code>
              </>
            )}
          </p>
          {problem && <p role="alert">{problem}</p>}
          {members.length > 0 && (
            <ul className="config-list">
              {members.map((member) => (
                <li key={member.email}>
                  <strong>{member.email}</strong>{' '}
                  <button type="button" aria-label={`Give ${member.email} a new password`} onClick={() => void renew(member.email)}>
                    New password
                  </button>{' '}
                  <button type="button" aria-label={`Remove ${member.email}`} onClick={() => setRemoving(member.email)}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <AddressForm id="new-member-email" label="Add a member" action="Add" value={email} onChange={setEmail} onSubmit={(address) => void add(address)} inputRef={focusable('add')} />
          {removing && (
            <ConfirmDialog
              title="Remove this member?"
              message={`${removing} is signed out and can no longer sign in to the members' pages.`}
              onCancel={() => setRemoving(null)}
              onConfirm={() => confirmRemove(removing)}
            />
          )}
        </>
      )}
    </DataSection>
  );
}
