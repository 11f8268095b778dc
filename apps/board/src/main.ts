/** The board: TensorBoard's dashboards over `tbg serve`'s data API. */
import './styles.css';
import { startBoard } from './shell/app.js';

void startBoard();
