export { PositionList } from './components/PositionList';
export { PositionForm } from './components/PositionForm';
export { PositionPeople, type PeopleMode } from './components/PositionPeople';
