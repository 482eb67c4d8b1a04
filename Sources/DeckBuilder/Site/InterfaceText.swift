import Foundation

/// The words deckgen's pages use around a note, in the note's language (English, Chinese, Japanese,
/// Korean); `{name}` marks a value the page script fills in.
struct InterfaceText: Encodable, Sendable {
    var questions: String
    var showAnswer: String
    var answerKey: String
    var allDecks: String
    var from: String
    var questionOf: String
    var right: String
    var wrong: String
    var next: String
    var seeResults: String
    var score: String
    var results: String
    var youChose: String
    var answer: String
    var retryWrong: String
    var startAgain: String
    var share: String
    var shareText: String
    var copied: String
    var readAloud: String
    var reset: String
    var resetDone: String
    var viewAll: String
    var viewOne: String
    var hint: String
    var gotIt: String
    var searchLabel: String
    var searchPlaceholder: String
    var matches: String
    var fresh: String
    var learned: String
    // A recall card's words: the box for a typed answer, the verdict on it, and Anki's four grades.
    var typeAnswer: String
    var recallAnswer: String
    var typedMatches: String
    var typedDiffers: String
    var howWell: String
    var again: String
    var hard: String
    var good: String
    var easy: String
    var youGraded: String
    /// What a screen reader says for a cloze card's gap.
    var blank: String
    /// The tip's sentence on recall cards, added only on decks that have them.
    var hintRecall: String
    // The last score, a reset that asks again and can be undone, and the index's count of what is due.
    var lastScore: String
    var resetConfirm: String
    var undoReset: String
    var resetUndone: String
    var dueTotal: String
    // Progress carried to another browser or device as a file.
    var exportProgress: String
    var importProgress: String
    var imported: String
    var importFailed: String
    // The review page: one session over what is due across decks.
    var review: String
    var reviewDue: String
    var reviewOf: String
    var nothingDue: String
    var fromDeck: String
    /// The mark on a card forgotten `LEECH_LAPSES` times.
    var leech: String

    /// The words for a BCP 47 language tag; English for languages deckgen has no words for.
    static func forLanguage(_ tag: String) -> InterfaceText {
        known(tag).words
    }

    /// `forLanguage(tag)` as JSON with sorted keys, encoded once per language for every page that carries it.
    static func json(forLanguage tag: String) -> [UInt8] {
        known(tag).json
    }

    /// A language's words with their JSON.
    private struct Known {
        let words: InterfaceText
        let json: [UInt8]

        init(_ words: InterfaceText) {
            self.words = words
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Encoding a struct of strings cannot fail.
            json = Array((try? encoder.encode(words)) ?? Data("{}".utf8))
        }
    }

    private static let knownByLanguage = ["zh": Known(chinese), "ja": Known(japanese), "ko": Known(korean)]
    private static let knownEnglish = Known(english)

    /// The words for `tag`'s primary language subtag.
    private static func known(_ tag: String) -> Known {
        tag.lowercased().split(separator: "-").first.flatMap { knownByLanguage[String($0)] } ?? knownEnglish
    }

    static let english = InterfaceText(
        questions: "Questions", showAnswer: "Show the answer", answerKey: "Answer key", allDecks: "All decks", from: "From",
        questionOf: "Question {n} of {total}", right: "Right!", wrong: "Not quite. The answer is {letter}: {text}.",
        next: "Next →", seeResults: "See results", score: "Score {right} / {done} · {done} of {total} answered",
        results: "Results: {right} of {total} right ({percent}%)", youChose: "You chose {letter}: {text}.", answer: "Answer: {letter}: {text}",
        retryWrong: "Retry the wrong ones ({count})", startAgain: "Start again", share: "Share result",
        shareText: "{title}: {right}/{total} right ({percent}%)", copied: "Copied: {text}", readAloud: "Read aloud",
        reset: "Reset progress", resetDone: "Progress reset.", viewAll: "All questions on one page", viewOne: "One question at a time",
        hint: "Tip: answer with keys 1–6 or A–F, go on with Enter or →.", gotIt: "Got it", searchLabel: "Search decks",
        searchPlaceholder: "A word from a title, tag, note or answer", matches: "{shown} of {total} decks match", fresh: "{total} questions · new",
        learned: "{learned} of {total} learned · {due} to study",
        typeAnswer: "Type your answer (optional)", recallAnswer: "Answer: {text}", typedMatches: "Your answer matches.",
        typedDiffers: "Your answer “{typed}” does not match.", howWell: "How well did you remember it?", again: "Again", hard: "Hard",
        good: "Good", easy: "Easy", youGraded: "You graded it {grade}.", blank: "blank",
        hintRecall: "Recall cards: Enter shows the answer, keys 1–4 grade it.",
        lastScore: "Last time: {right} of {total} right on {date}", resetConfirm: "Press again to reset all progress on this deck",
        undoReset: "Undo reset", resetUndone: "Progress restored.", dueTotal: "{due} to study today across {decks} decks",
        exportProgress: "Export progress", importProgress: "Import progress",
        imported: "Progress imported: {cards} cards of {decks} decks.", importFailed: "That file is not deckgen progress; nothing was changed.",
        review: "Review", reviewDue: "Review {due} due", reviewOf: "Review: {section}",
        nothingDue: "Nothing is due now. Open a deck to practise, or come back when cards are due.", fromDeck: "From {title}",
        leech: "Leech: forgotten {lapses} times. Read the note again, or rewrite this card in your own words.")

    static let chinese = InterfaceText(
        questions: "练习题", showAnswer: "查看答案", answerKey: "答案", allDecks: "全部卡组", from: "来源",
        questionOf: "第 {n} 题，共 {total} 题", right: "回答正确！", wrong: "不对。正确答案是 {letter}：{text}。",
        next: "下一题 →", seeResults: "查看结果", score: "得分 {right} / {done} · 已答 {done} / {total}",
        results: "结果：{total} 题答对 {right} 题（{percent}%）", youChose: "你选了 {letter}：{text}。", answer: "答案：{letter}：{text}",
        retryWrong: "重做错题（{count}）", startAgain: "重新开始", share: "分享结果",
        shareText: "{title}：答对 {right}/{total}（{percent}%）", copied: "已复制：{text}", readAloud: "朗读",
        reset: "重置进度", resetDone: "进度已重置。", viewAll: "一页显示全部题目", viewOne: "一次一题",
        hint: "提示：按 1–6 或 A–F 作答，按 Enter 或 → 继续。", gotIt: "知道了", searchLabel: "搜索卡组",
        searchPlaceholder: "标题、标签、笔记或答案中的词", matches: "{total} 个卡组中有 {shown} 个匹配", fresh: "{total} 题 · 未学习",
        learned: "已掌握 {learned}/{total} · 待复习 {due}",
        typeAnswer: "输入你的答案（可选）", recallAnswer: "答案：{text}", typedMatches: "你的答案正确。",
        typedDiffers: "你的答案“{typed}”不对。", howWell: "你记得怎么样？", again: "重来", hard: "困难", good: "良好", easy: "简单",
        youGraded: "你的评价：{grade}。", blank: "空白", hintRecall: "回忆卡：按 Enter 查看答案，按 1–4 自评。",
        lastScore: "上次：{total} 题答对 {right} 题（{date}）", resetConfirm: "再按一次以重置本卡组的全部进度",
        undoReset: "撤销重置", resetUndone: "进度已恢复。", dueTotal: "今天共有 {due} 题待复习（{decks} 个卡组）",
        exportProgress: "导出进度", importProgress: "导入进度",
        imported: "已导入进度：{decks} 个卡组的 {cards} 张卡片。", importFailed: "该文件不是 deckgen 进度文件，未作任何更改。",
        review: "复习", reviewDue: "复习 {due} 题", reviewOf: "复习：{section}",
        nothingDue: "现在没有需要复习的题目。可以打开卡组练习，或等题目到期再来。", fromDeck: "来自 {title}",
        leech: "难题：已忘记 {lapses} 次。请重读笔记，或用自己的话改写这道题。")

    static let japanese = InterfaceText(
        questions: "問題", showAnswer: "答えを見る", answerKey: "解答", allDecks: "すべてのデッキ", from: "出典",
        questionOf: "問題 {n} / {total}", right: "正解！", wrong: "不正解。正解は {letter}：{text}。",
        next: "次へ →", seeResults: "結果を見る", score: "得点 {right} / {done} · {total} 問中 {done} 問回答",
        results: "結果：{total} 問中 {right} 問正解（{percent}%）", youChose: "あなたの答え {letter}：{text}。", answer: "正解：{letter}：{text}",
        retryWrong: "間違えた問題をもう一度（{count}）", startAgain: "最初から", share: "結果を共有",
        shareText: "{title}：{right}/{total} 問正解（{percent}%）", copied: "コピーしました：{text}", readAloud: "読み上げ",
        reset: "進捗をリセット", resetDone: "進捗をリセットしました。", viewAll: "全問を1ページに", viewOne: "1問ずつ",
        hint: "ヒント：1–6 または A–F で回答、Enter または → で次へ。", gotIt: "OK", searchLabel: "デッキを検索",
        searchPlaceholder: "タイトル・タグ・ノート・答えの言葉", matches: "{total} 件中 {shown} 件", fresh: "{total} 問 · 未学習",
        learned: "習得 {learned}/{total} · 復習 {due}",
        typeAnswer: "答えを入力（任意）", recallAnswer: "答え：{text}", typedMatches: "入力した答えは正解です。",
        typedDiffers: "入力した答え「{typed}」は一致しません。", howWell: "どのくらい覚えていましたか？", again: "もう一度", hard: "難しい",
        good: "普通", easy: "簡単", youGraded: "評価：{grade}。", blank: "空欄", hintRecall: "暗記カード：Enter で答えを表示、1–4 で評価。",
        lastScore: "前回：{total} 問中 {right} 問正解（{date}）", resetConfirm: "もう一度押すとこのデッキの進捗をすべてリセットします",
        undoReset: "リセットを取り消す", resetUndone: "進捗を元に戻しました。", dueTotal: "今日の復習：{decks} デッキで {due} 問",
        exportProgress: "進捗を書き出す", importProgress: "進捗を読み込む",
        imported: "進捗を読み込みました：{decks} デッキ、{cards} 枚。", importFailed: "deckgen の進捗ファイルではありません。何も変更していません。",
        review: "復習", reviewDue: "{due} 問を復習", reviewOf: "復習：{section}",
        nothingDue: "今は復習する問題がありません。デッキを開いて練習するか、期限が来たらまた来てください。", fromDeck: "出典：{title}",
        leech: "リーチ：{lapses} 回忘れました。ノートを読み直すか、自分の言葉で書き直しましょう。")

    static let korean = InterfaceText(
        questions: "문제", showAnswer: "정답 보기", answerKey: "정답", allDecks: "모든 덱", from: "출처",
        questionOf: "{total}문제 중 {n}번", right: "정답입니다!", wrong: "오답입니다. 정답은 {letter}: {text}.",
        next: "다음 →", seeResults: "결과 보기", score: "점수 {right} / {done} · {total}문제 중 {done}문제 풀이",
        results: "결과: {total}문제 중 {right}문제 정답 ({percent}%)", youChose: "선택한 답 {letter}: {text}.", answer: "정답: {letter}: {text}",
        retryWrong: "틀린 문제 다시 풀기 ({count})", startAgain: "처음부터", share: "결과 공유",
        shareText: "{title}: {right}/{total} 정답 ({percent}%)", copied: "복사했습니다: {text}", readAloud: "소리 내어 읽기",
        reset: "진행 상황 초기화", resetDone: "진행 상황을 초기화했습니다.", viewAll: "모든 문제를 한 페이지에", viewOne: "한 문제씩",
        hint: "팁: 1–6 또는 A–F 키로 답하고, Enter 또는 → 키로 넘어가세요.", gotIt: "확인", searchLabel: "덱 검색",
        searchPlaceholder: "제목, 태그, 노트, 답의 낱말", matches: "{total}개 중 {shown}개 일치", fresh: "{total}문제 · 새 덱",
        learned: "{learned}/{total} 익힘 · 복습 {due}",
        typeAnswer: "답을 입력하세요 (선택)", recallAnswer: "정답: {text}", typedMatches: "입력한 답이 맞습니다.",
        typedDiffers: "입력한 답 “{typed}”은(는) 맞지 않습니다.", howWell: "얼마나 잘 기억했나요?", again: "다시", hard: "어려움",
        good: "알맞음", easy: "쉬움", youGraded: "평가: {grade}.", blank: "빈칸", hintRecall: "회상 카드: Enter로 정답을 보고, 1–4 키로 평가하세요.",
        lastScore: "지난번: {total}문제 중 {right}문제 정답 ({date})", resetConfirm: "한 번 더 누르면 이 덱의 진행 상황이 모두 초기화됩니다",
        undoReset: "초기화 취소", resetUndone: "진행 상황을 되돌렸습니다.", dueTotal: "오늘 복습할 문제: {decks}개 덱에서 {due}개",
        exportProgress: "진행 상황 내보내기", importProgress: "진행 상황 가져오기",
        imported: "진행 상황을 가져왔습니다: {decks}개 덱, 카드 {cards}장.", importFailed: "deckgen 진행 상황 파일이 아닙니다. 아무것도 바꾸지 않았습니다.",
        review: "복습", reviewDue: "{due}개 복습하기", reviewOf: "복습: {section}",
        nothingDue: "지금 복습할 문제가 없습니다. 덱을 열어 연습하거나 문제가 돌아올 때 다시 오세요.", fromDeck: "출처: {title}",
        leech: "거머리 카드: {lapses}번 잊었습니다. 노트를 다시 읽거나 자기 말로 고쳐 써 보세요.")
}
