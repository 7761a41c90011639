import { subscription } from '@gatehouse/entities';
import { EntityDomain } from '../entity-domain.js';

export const subscriptions = new EntityDomain(subscription);
