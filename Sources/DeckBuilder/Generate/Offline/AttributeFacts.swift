/// Definitions that are really attributes of their section's topic: under `### Auxin`, `- Source: tryptophan` says
/// what auxin's source is, and under `### Gibberellin` the same `Source:` says gibberellin's. Asked as a definition
/// ("What is meant by “Source”?") they make no sense; asked as an attribute ("What is the source of auxin?") they
/// are good questions, and the other topics' values of the same attribute are wrong choices of the same kind.
enum AttributeFacts {
    /// Names that are attributes wherever they stand, lowercased: what a thing is for, made of, found in.
    static let names: Set<String> = [
        "purpose", "function", "functions", "role", "roles", "job", "structure", "location", "found in", "made of",
        "equation", "word equation", "symbol equation",
        "made from", "composition", "formula", "unit", "units", "si unit", "symbol", "use", "uses", "used for", "cause",
        "causes", "effect", "effects", "symptom", "symptoms", "treatment", "treatments", "prevention", "source",
        "sources", "product", "products", "reactants", "property", "properties", "feature", "features",
        "characteristics", "shape", "colour", "color", "charge", "relative mass", "relative charge", "date", "dates",
        "significance", "importance", "outcome", "process", "occurs in", "takes place in", "type", "produced by",
        "secreted by", "target", "target organ", "action", "response", "stimulus", "receptor", "effector",
        "作用", "主要作用", "功能", "化学本质", "本质", "来源", "合成部位", "产生部位", "分布", "结构", "特点", "特征", "性质",
        "用途", "应用", "原理", "原因", "影响", "条件", "产物", "反应物", "场所", "部位", "位置", "颜色", "形状", "组成", "成分",
        "单位", "公式", "符号", "敏感度", "意义", "时间", "地点", "人物", "实质", "方程式", "现象",
        "役割", "機能", "働き", "特徴", "性質", "構造", "場所", "原因", "影響", "用途", "単位", "公式", "記号", "成分", "意義",
        "기능", "역할", "구조", "특징", "원인", "결과", "영향", "용도", "위치", "단위", "공식",
    ]

    /// Whether a definition's text is an equation (`a = (v − u) / t`, `Vₚ/Vₛ = Nₚ/Nₛ`): asked as "the equation for"
    /// its term, never as what the term means.
    static func isEquation(_ answer: String) -> Bool {
        answer.contains("=") && !answer.contains("==") && answer.split(separator: " ").count <= 12
    }

    /// A definition whose text is an equation, as the term's `equation` attribute: the note's other equations are
    /// its wrong choices.
    private static func equation(_ item: NoteFacts.Found) -> NoteFacts.Found {
        let fact = item.fact
        let pool = "attribute:equation"
        return NoteFacts.Found(fact: Fact(kind: .attribute, term: fact.term, answer: fact.answer, heading: fact.heading,
                                          source: fact.sourceWords, reliability: fact.reliability, pool: pool,
                                          column: "equation", poolGroup: pool))
    }

    /// `found` with each definition whose term is a known attribute, under a heading, turned into an attribute fact.
    /// Only known names: a term defined under two headings is as often a person or a concept met twice.
    static func converting(_ found: [NoteFacts.Found], language: GeneratorLanguage) -> [NoteFacts.Found] {
        found.map { item in
            let fact = item.fact
            if fact.kind == .definition, isEquation(fact.answer) { return equation(item) }
            guard fact.kind == .definition, let heading = fact.heading, names.contains(fact.term.lowercased()) else { return item }
            let topic = StudyText.topic(ofHeading: heading)
            guard TermFilter.accepts(topic, maximumWords: 8), TextNormaliser.comparable(topic) != fact.comparableTerm,
                  !FactExtractor.isGenericHeading(topic) else {
                return item
            }
            let pool = "attribute:" + fact.comparableTerm
            let attribute = Fact(kind: .attribute, term: topic, answer: fact.answer, heading: heading, source: fact.sourceWords,
                                 reliability: fact.reliability, pool: pool, column: fact.term, poolGroup: pool)
            return NoteFacts.Found(fact: attribute)
        }
    }
}
