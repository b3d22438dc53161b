import type { RequestDetail, RequestMeta } from '@client-portal/api-client/requests';
import { Avatar, Badge, Button, Card, Icon, IconButton, Select } from '@client-portal/ui';
import { UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { addableColleagues } from './requestFacts.js';
import { useRequestParticipant, useRequestUpdate } from './useRequestDetail.js';
import * as styles from './RequestDetailPage.css.js';

/**
 * Who takes part (the requester first), adding a colleague and removing one when the caller may,
 * and who can see the request (the requester and participants, or everyone at the company) when
 * the caller may change it.
 */
export function ParticipantsPanel({
  request,
  meta,
  onFailure,
}: {
  request: RequestDetail;
  meta: RequestMeta | undefined;
  onFailure: (error: unknown, where: string) => void;
}) {
  const { t } = useI18n();
  const participant = useRequestParticipant(request.key);
  const update = useRequestUpdate(request.key);
  const [chosen, setChosen] = useState<string | null>(null);
  const addable = addableColleagues(meta?.colleagues ?? [], request.participants);
  const manage = request.can.manageParticipants;

  const change = (userId: string, remove: boolean) =>
    participant.mutate(
      { userId, remove },
      {
        onSuccess: () => setChosen(null),
        onError: (error) => onFailure(error, 'participant'),
      },
    );

  return (
    <Card title={t('requestPage.people.title')} headingLevel={2}>
      <div className={styles.composer}>
        <ul className={styles.list} aria-label={t('requestPage.people.list')}>
          {request.participants.map((person) => {
            const requester = person.id === request.requester.id;
            return (
              <li key={person.id} className={styles.person}>
                <Avatar name={person.name} size={24} decorative />
                <span className={styles.personName} dir="auto">
                  {person.name}
                </span>
                {requester ? <Badge size="sm">{t('requestPage.people.requester')}</Badge> : null}
                {manage && !requester ? (
                  <IconButton
                    size="sm"
                    variant="ghost"
                    tone="neutral"
                    label={t('requestPage.people.remove', { name: person.name })}
                    loading={participant.isPending && participant.variables?.userId === person.id}
                    onClick={() => change(person.id, true)}
                  >
                    <Icon icon={UserMinus} size="sm" />
                  </IconButton>
                ) : null}
              </li>
            );
          })}
        </ul>
        {manage && addable.length > 0 ? (
          <div className={styles.composer}>
            <Select
              label={t('requestPage.people.add')}
              placeholder={t('requestPage.people.choose')}
              size="sm"
              items={addable.map((p) => ({ value: p.id, label: p.name }))}
              value={chosen}
              onValueChange={(value) => setChosen(value)}
            />
            <Button
              size="sm"
              variant="outline"
              iconStart={<Icon icon={UserPlus} size="sm" />}
              disabled={chosen === null}
              loading={participant.isPending && participant.variables?.remove === false}
              onClick={() => chosen && change(chosen, false)}
            >
              {t('requestPage.people.addButton')}
            </Button>
          </div>
        ) : null}
        {request.can.changeVisibility ? (
          <Select
            label={t('requestPage.visibility.label')}
            size="sm"
            items={[
              { value: 'participants', label: t('requestPage.visibility.participants') },
              {
                value: 'company',
                label: t('requestPage.visibility.company', { company: request.companyName }),
              },
            ]}
            value={request.visibility}
            disabled={update.isPending}
            onValueChange={(value) => {
              if (value !== 'participants' && value !== 'company') return;
              if (value === request.visibility) return;
              update.mutate(
                { version: request.version, body: { visibility: value } },
                { onError: (error) => onFailure(error, 'visibility') },
              );
            }}
          />
        ) : (
          <p className={styles.hint}>
            {request.visibility === 'company'
              ? t('requestPage.visibility.isCompany', { company: request.companyName })
              : t('requestPage.visibility.isParticipants')}
          </p>
        )}
      </div>
    </Card>
  );
}
