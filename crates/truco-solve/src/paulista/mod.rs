//! Heads-up paulista (`players=2`, `ferro=open`): the lossless card abstraction and the hands
//! without truco (open 11-11, mão de onze) as solver games.

pub mod classes;
pub mod game;
pub mod hands;
pub mod views;

pub use classes::{parse_vira_class, vira_class_prob, VIRA_CLASSES};
pub use game::{HandKind, HandValues, HuHand, HuState};
