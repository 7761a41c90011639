import { payment } from '@gatehouse/entities';
import { EntityDomain } from '../entity-domain.js';

export const payments = new EntityDomain(payment);
