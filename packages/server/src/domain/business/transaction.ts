import { transaction } from '@gatehouse/entities';
import { EntityDomain } from '../entity-domain.js';

export const transactions = new EntityDomain(transaction);
